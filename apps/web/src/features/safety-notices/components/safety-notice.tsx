// A dating-safety notice as its statute wants it read: the criminal background screening
// statement first, in bold capitals of at least 12 points (18 px here), then the safety
// measures and the statute it follows.
import { type DatingSafetyNotice, NOTICE_TEXT } from '@bidboard/shared';
import './safety-notice.css';

export function ScreeningStatement({ notice }: { notice: DatingSafetyNotice }) {
  if (!notice.screening) return null;
  return (
    <p className="safety-notice__screening" data-form={notice.screening.form}>
      {notice.screening.text}
    </p>
  );
}

/** `titled` false inside a dialog whose own title is the notice's. */
export function SafetyNotice({
  notice,
  titled = true,
}: {
  notice: DatingSafetyNotice;
  titled?: boolean;
}) {
  const id = `notice-${notice.jurisdiction}`;
  return (
    <section
      className="safety-notice"
      {...(titled ? { 'aria-labelledby': id } : { 'aria-label': notice.title })}
    >
      {titled ? (
        <h2 id={id} className="safety-notice__title">
          {notice.title}
        </h2>
      ) : null}
      <ScreeningStatement notice={notice} />
      <ul className="safety-notice__measures">
        {notice.safetyMeasures.map((measure) => (
          <li key={measure}>{measure}</li>
        ))}
      </ul>
      <p className="safety-notice__statute">{NOTICE_TEXT.statute(notice)}</p>
    </section>
  );
}
