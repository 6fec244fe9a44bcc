// Display formatting shared by screens.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12500 -> "12,500". */
export function formatTokens(amount: number): string {
  return integer.format(amount);
}

/** "1 token" / "250 tokens". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatTokens(count)} ${count === 1 ? singular : plural}`;
}

/** +15555550123 -> "(555) 555-0123"; other input is returned unchanged. */
export function formatE164ForDisplay(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
