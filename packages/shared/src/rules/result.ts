// The one result shape every validation rule in this folder returns: the cleaned value
// when the input passes, or the exact user-facing message of the first rule it breaks.

export type RuleFailure = { ok: false; message: string };
export type RuleResult<T> = { ok: true; value: T } | RuleFailure;

export function pass<T>(value: T): RuleResult<T> {
  return { ok: true, value };
}

export function fail(message: string): RuleFailure {
  return { ok: false, message };
}
