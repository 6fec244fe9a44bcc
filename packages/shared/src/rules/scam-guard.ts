// Scam guard (product rules: Safety that sees): a chat message that asks to move off the
// product or for money. The composer holds such a message with SCAM_GUARD.question; the
// server finds the same hits again (never trusting the client), stores them with the
// message and shows the recipient SCAM_GUARD.recipientNote above it. A pure function, so
// both sides run the same rules; no zod, the chat composer imports it at run time.

export const SCAM_SIGNALS = [
  'phone',
  'email',
  'link',
  'handle',
  'messaging_app',
  'payment_app',
  'gift_card',
  'crypto',
  'money_request',
] as const;
export type ScamSignal = (typeof SCAM_SIGNALS)[number];

export const SCAM_SIGNAL_LABELS: Record<ScamSignal, string> = {
  phone: 'Phone number',
  email: 'Email address',
  link: 'Link',
  handle: 'Social handle',
  messaging_app: 'Other app',
  payment_app: 'Payment app',
  gift_card: 'Gift card',
  crypto: 'Crypto',
  money_request: 'Asks for money',
};

export const SCAM_GUARD = {
  question: 'Keep chats and payments on Bidboard. Send anyway?',
  sendAnyway: 'Send anyway',
  edit: 'Edit message',
  recipientNote:
    'Safety tip: this message asks to talk or pay outside Bidboard. Never send money, gift cards or crypto to someone you haven’t met.',
  /** Flagged messages from one sender within the window that open a report. */
  reportThreshold: 3,
  windowDays: 7,
  reportText: (signals: readonly ScamSignal[]) =>
    `Scam guard: 3 messages in 7 days that asked to move off Bidboard or for money (${signals
      .map((s) => SCAM_SIGNAL_LABELS[s].toLowerCase())
      .join(', ')}).`,
} as const;

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** Letters written one by one ("f i v e", "v.e.n.m.o") joined into a word. */
function joinSpelledLetters(text: string): string {
  return text.replace(/\b(?:[a-z][ .\-_*]){2,}[a-z]\b/g, (run) => run.replace(/[ .\-_*]/g, ''));
}

/** Digits a phone number may be written with: number words, "oh" between digits. */
function digitsOf(text: string): string {
  let out = text.replace(
    /\b(zero|one|two|three|four|five|six|seven|eight|nine)\b/g,
    (word) => NUMBER_WORDS[word]!,
  );
  // Number words run together ("fivefivefive") once spelled-out letters are joined.
  out = out.replace(/(?:zero|one|two|three|four|five|six|seven|eight|nine){2,}/g, (run) =>
    run.replace(/zero|one|two|three|four|five|six|seven|eight|nine/g, (w) => NUMBER_WORDS[w]!),
  );
  return out.replace(/(\d[\s.\-()]*)\b(?:oh|o)\b(?=[\s.\-()]*\d)/g, '$10');
}

/** Letters disguised as digits or symbols ("wh4tsapp", "v3nm0", "c@sh app"). */
function unLeet(text: string): string {
  return text
    .replace(/4|@/g, 'a')
    .replace(/3/g, 'e')
    .replace(/0/g, 'o')
    .replace(/1|!/g, 'i')
    .replace(/5|\$/g, 's')
    .replace(/7/g, 't');
}

// Dates (12/25/2024) are not phone numbers: a slash does not join digits here.
const PHONE = /(?:\+?\d[\s.,\-()]{0,3}){7,15}/g;

const EMAIL = [
  /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/,
  /[a-z0-9._-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+\s*(?:\(dot\)|\[dot\]|\sdot\s|\.)\s*(?:com|net|org|me|io|co|edu)\b/,
  /\b(?:gmail|hotmail|yahoo ?mail|outlook\.com|icloud\.com|proton ?mail)\b/,
];

const LINK = [
  /\bhttps?:\/\//,
  /\bwww\.[a-z0-9-]/,
  /\b[a-z0-9-]{2,}\.(?:com|net|org|io|me|co|ly|gg|app|link|xyz|info|biz|tv|ee)(?:\/|\b)/,
  /\bt\.me\b|\bwa\.me\b/,
];

/** @name not inside an email address. */
const HANDLE = [
  /(?:^|[\s(:])@[a-z0-9_.]{3,}/,
  /\b(?:my|add me on|find me on|follow me on)\s+(?:ig|insta|snap|sc|tiktok|twitter)\b/,
  /\b(?:ig|insta|snap|sc|tiktok|twitter)\s*(?::|is|-)\s*@?[a-z0-9_.]{3,}/,
];

const MESSAGING_APPS = [
  /\bwhats ?app\b|\bwhatsap\b/,
  /\btelegram\b|\btg\s*:/,
  /\bkik\b/,
  /\bsnapchat\b|\bsnap me\b|\badd me on snap\b/,
  /\bwe ?chat\b/,
  /\bviber\b/,
  /\bdiscord\b/,
  /\bskype\b/,
  /\binstagram\b|\binsta\b/,
  /\b(?:facebook|fb) messenger\b|\bmessenger\b|\badd me on (?:fb|facebook)\b/,
  /\bgoogle (?:chat|hangouts)\b|\bhangouts\b|\bimessage\b/,
  /\b(?:on|use|download|get) signal\b|\bsignal app\b|\bsignal me\b/,
  /\bline (?:app|id)\b/,
  /\b(?:tinder|bumble|hinge|grindr|plenty of fish)\b/,
];

const PAYMENT_APPS = [
  /\bvenmo\b/,
  /\bcash ?app\b|\bcashtag\b/,
  /(?:^|\s)\$[a-z][a-z0-9_]{2,}/,
  /\bzelle\b/,
  /\bpay ?pal\b/,
  /\bapple ?pay\b|\bgoogle ?pay\b|\bgpay\b/,
  /\bwestern union\b|\bmoney ?gram\b|\bwire transfer\b|\bwire me\b/,
  /\b(?:bank account|account number|routing number|iban|sort code)\b/,
];

const GIFT_CARDS = [
  /\bgift ?cards?\b/,
  /\b(?:itunes|apple|steam|google play|amazon|ebay|sephora|vanilla|visa) (?:gift )?cards?\b/,
  /\bcard codes?\b/,
];

const CRYPTO = [
  /\b(?:bitcoin|btc|ethereum|eth|usdt|tether|crypto|cryptocurrency|binance|coinbase|dogecoin)\b/,
  /\bwallet address\b/,
  /\b(?:forex|trading platform|investment platform|mining pool)\b/,
  /\b(?:bc1|[13])[a-hj-np-z0-9]{25,39}\b/,
  /\b0x[a-f0-9]{40}\b/,
];

const MONEY_REQUESTS = [
  /\b(?:send|wire|lend|loan|transfer|give)\s+(?:me\s+)?(?:some\s+)?(?:money|cash|funds|\$\s?\d+|\d+\s?(?:dollars|bucks|usd))\b/,
  /\b(?:i|we)\s+(?:really\s+)?need\s+(?:some\s+)?(?:money|cash|funds|a loan)\b/,
  /\bpay for my (?:ticket|flight|rent|bills?|visa|hospital|phone)\b/,
  /\bcan you (?:help me )?(?:pay for|spot me)\b/,
];

function any(patterns: readonly RegExp[], text: string): boolean {
  return patterns.some((pattern) => pattern.test(text));
}

function hasPhoneNumber(text: string): boolean {
  for (const match of digitsOf(text).matchAll(PHONE)) {
    const digits = match[0].replace(/\D/g, '').length;
    if (digits >= 7 && digits <= 15) return true;
  }
  return false;
}

/** The scam-guard signals in a message's text, in SCAM_SIGNALS order; [] for none. */
export function detectScamSignals(text: string): ScamSignal[] {
  const lower = text.toLowerCase().normalize('NFKC');
  const joined = joinSpelledLetters(lower);
  const words = unLeet(joined);
  const found = new Set<ScamSignal>();
  if (hasPhoneNumber(joined)) found.add('phone');
  if (any(EMAIL, joined)) found.add('email');
  if (any(LINK, joined)) found.add('link');
  if (any(HANDLE, joined.replace(EMAIL[0]!, ' '))) found.add('handle');
  if (any(MESSAGING_APPS, words)) found.add('messaging_app');
  if (any(PAYMENT_APPS, joined) || any(PAYMENT_APPS.slice(0, 2), words)) found.add('payment_app');
  if (any(GIFT_CARDS, words)) found.add('gift_card');
  if (any(CRYPTO, joined)) found.add('crypto');
  if (any(MONEY_REQUESTS, joined)) found.add('money_request');
  return SCAM_SIGNALS.filter((signal) => found.has(signal));
}
