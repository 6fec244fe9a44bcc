// The sandbox hosted payment page. Like Accept Hosted it talks to the merchant page only
// through the merchant's communicator page, in a hidden iframe, with query-string messages:
// action=resizeWindow, action=cancel and action=transactResponse.
(() => {
  const data = document.body.dataset;
  const form = document.getElementById('pay');
  const status = document.getElementById('status');
  const submit = document.getElementById('submit');
  const cancel = document.getElementById('cancel');
  if (!form) return;

  let communicator = null;
  let communicatorReady = false;
  const queue = [];
  const communicatorOrigin = data.communicator ? new URL(data.communicator).origin : null;

  function send(message) {
    if (!communicator) return;
    if (!communicatorReady) {
      queue.push(message);
      return;
    }
    communicator.contentWindow.postMessage(message, communicatorOrigin);
  }

  if (data.communicator) {
    communicator = document.createElement('iframe');
    communicator.src = data.communicator;
    communicator.hidden = true;
    communicator.title = 'communicator';
    communicator.addEventListener('load', () => {
      communicatorReady = true;
      for (const message of queue.splice(0)) send(message);
    });
    document.body.appendChild(communicator);
  }

  let lastHeight = 0;
  function reportSize() {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === lastHeight) return;
    lastHeight = height;
    send(`action=resizeWindow&width=${document.documentElement.scrollWidth}&height=${height}`);
  }
  new ResizeObserver(reportSize).observe(document.body);
  reportSize();

  function showStatus(text, kind) {
    status.textContent = text;
    status.hidden = !text;
    status.className = `hosted__status hosted__status--${kind}`;
  }

  cancel.addEventListener('click', () => send('action=cancel'));

  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    submit.disabled = true;
    showStatus('Processing…', 'info');
    const fields = new FormData(form);
    try {
      const response = await fetch('transact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: data.token,
          cardNumber: String(fields.get('cardNumber') || ''),
          expirationDate: String(fields.get('expirationDate') || ''),
          cardCode: String(fields.get('cardCode') || ''),
          zip: String(fields.get('zip') || ''),
        }),
      });
      const body = await response.json();
      if (!response.ok) {
        showStatus(body.message || 'The payment could not be processed.', 'error');
        return;
      }
      if (body.responseCode === '1') {
        showStatus('Payment approved.', 'success');
        form.querySelectorAll('input, button').forEach((el) => {
          el.disabled = true;
        });
      } else {
        const reason = body.errors?.[0] ? body.errors[0].errorText : 'Declined.';
        showStatus(reason, 'error');
      }
      send(`action=transactResponse&response=${encodeURIComponent(JSON.stringify(body))}`);
    } catch {
      showStatus('The payment could not be processed. Please try again.', 'error');
    } finally {
      busy = false;
      if (status.className.indexOf('success') === -1) submit.disabled = false;
    }
  });
})();
