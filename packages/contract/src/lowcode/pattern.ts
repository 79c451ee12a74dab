import safeRegex from 'safe-regex2';

/**
 * A field rule's regular expression, compiled, or null when it cannot be
 * used: not a valid expression, or one whose nested repetition (`(a+)+`,
 * `(\w*)*`) can backtrack for minutes on a short hostile value. The designer
 * marks such a rule, the model schema refuses it, and the validator skips it,
 * so a pasted pattern can never stall the server that checks every record.
 *
 * Rules are written as a bare pattern or as a `/.../flags` literal (the
 * reference's form); `g` and `y` are dropped, as they make `test` stateful.
 */
export function compilePattern(pattern: string): RegExp | null {
  const lit = /^\/(.*)\/([gimsuy]*)$/s.exec(pattern);
  const source = lit ? lit[1]! : pattern;
  let re: RegExp;
  try {
    re = new RegExp(source, lit ? lit[2]!.replace('g', '').replace('y', '') : '');
  } catch {
    return null;
  }
  return safeRegex(source) ? re : null;
}
