// /terms and /policy (marketplace §2): the document with a close button that returns to
// the previous page, or to / when the page was opened directly. The bar and the date line
// are in the member's language; the document comes worded already.
import { LEGAL } from '@bidboard/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { formatDate } from '@/lib/i18n/format';
import type { LegalDocument } from '../content/legal-document';
import { useLegalText } from '../i18n';
import './legal-page.css';

/** React Router numbers its history entries; index 0 means no earlier in-app entry. */
function hasPreviousAppEntry(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** A full page load from another page of this site (e.g. a link opened in the same tab). */
function cameFromThisSite(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function LegalPage({
  document: doc,
  children,
}: {
  document: LegalDocument;
  /** Sections another feature adds after the document's own, in the member's language. */
  children?: ReactNode;
}) {
  const t = useLegalText();
  const navigate = useNavigate();

  useEffect(() => {
    window.document.title = `${doc.title} · Bidboard`;
    return () => {
      window.document.title = 'Bidboard';
    };
  }, [doc.title]);

  const handleClose = () => {
    if (hasPreviousAppEntry()) navigate(-1);
    else if (cameFromThisSite()) window.history.back();
    else navigate('/', { replace: true });
  };

  return (
    <main className="legal">
      <header className="legal__bar">
        <Link to="/" className="legal__logo" aria-label={t('page.home')}>
          <Logo size="sm" />
        </Link>
        <IconButton label={t('page.close')} onClick={handleClose}>
          <CloseIcon />
        </IconButton>
      </header>
      <article className="legal__doc">
        <h1 className="legal__title">{doc.title}</h1>
        <p className="legal__meta">
          {t('page.meta', {
            date: formatDate(LEGAL.effectiveDate, { dateStyle: 'long', timeZone: 'UTC' }),
            operator: LEGAL.operator,
          })}
        </p>
        <p className="legal__summary">{doc.summary}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className="legal__section">
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        {children}
      </article>
    </main>
  );
}
