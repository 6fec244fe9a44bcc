// The iframe communicator of Accept Hosted: the hosted payment page loads this page of ours
// in a hidden iframe and hands it query-string messages (action=resizeWindow, cancel,
// transactResponse). It passes them on to our page, two frames up, and to no one else.
(() => {
  const target = window.parent?.parent;
  if (!target || target === window) return;
  function forward(qstr) {
    if (typeof qstr !== 'string' || qstr.length === 0) return;
    target.postMessage({ type: 'bidboard:payment-form', qstr }, window.location.origin);
  }
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    forward(event.data);
  });
  if (window.location.hash.length > 1) forward(window.location.hash.slice(1));
})();
