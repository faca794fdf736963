/**
 * Why a text is not JSON, on one line and without its content: V8 quotes the text around the fault
 * (`Unexpected token '}', ..."b": \n}" is not valid JSON`), which spreads an error over many lines
 * and can show a secret of the file. Said instead: the reason, and where when V8 gives a position
 * (`Expected ',' or '}' after property value at line 3, column 9`).
 */
export function jsonSyntaxProblem(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
    .replace(/ in JSON(?= at position)/, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  const at = / at position (\d+)$/.exec(reason);
  if (!at) return reason.split('\n')[0];
  const { line, column } = lineAndColumn(text, Number(at[1]));
  return `${reason.slice(0, at.index)} at line ${line}, column ${column}`;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lineStart = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
  return { line, column: position - lineStart + 1 };
}
