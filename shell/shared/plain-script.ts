/**
 * The shell's plain scripts (public/*.js: the head script that holds taps, the script that starts the others at the
 * shopper's first intent) without their comment lines and indentation, which say why for their readers and would
 * otherwise be sent with every page. The production build minifies its copies (rsbuild.config.ts); the server inlines
 * the head script it reads through this (server/render/page-html.ts), which leaves a minified one as it is.
 */
export function withoutComments(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}
