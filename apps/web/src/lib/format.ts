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
