/**
 * The shell's plain scripts (public/*.js: the head script that holds taps, the script that starts the others after the
 * first paint) as a browser gets them: without their comment lines and indentation, which say why for their readers
 * and would otherwise be sent with every page. The build writes them so (rsbuild.config.ts); the server inlines the
 * head script so (server/render/page-html.ts).
 */
export function withoutComments(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}
