// A masked id keeps to one line: its hyphens become non-breaking ones ('•••‑••‑6789').
export const unbroken = (masked: string) => masked.replace(/-/g, '\u2011');
