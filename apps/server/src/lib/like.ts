/** A `LIKE` pattern matching values that contain `text`, whose own % _ \ match literally. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
