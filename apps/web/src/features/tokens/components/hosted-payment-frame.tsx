// The hosted card form inside an iframe (marketplace §2 Token purchase overlay): the form
// token is posted to the processor's page with the iframe as target, as Accept Hosted
// wants. The iframe is sandboxed except for the production processor.
import type { CreateTransactionTokenResponse } from '@bidboard/shared';
import { useEffect, useId, useRef } from 'react';
import { useTokensText } from '../i18n';

export function HostedPaymentFrame({
  form,
  height,
}: {
  form: CreateTransactionTokenResponse;
  height: number;
}) {
  const t = useTokensText();
  const post = useRef<HTMLFormElement>(null);
  const name = `payment-frame-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;

  // Each new token loads a new form.
  const token = form.token;
  useEffect(() => {
    if (token) post.current?.submit();
  }, [token]);

  return (
    <div className="hosted-frame">
      <form ref={post} method="post" action={form.formUrl} target={name} hidden>
        <input type="hidden" name="token" value={form.token} />
      </form>
      <iframe
        key={form.token}
        name={name}
        title={t('purchase.frame')}
        className="hosted-frame__iframe"
        style={{ height }}
        {...(form.formSandboxed
          ? { sandbox: 'allow-scripts allow-forms allow-same-origin allow-popups' }
          : {})}
      />
    </div>
  );
}
