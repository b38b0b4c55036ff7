import { publishCommand } from './publish';

/**
 * Run by each remote's `pnpm release:publish <version>` through bin/shop-release-publish.mjs, in the remote's folder:
 * publishes `dist/<version>` to the store the environment names, then exits 0, or 1 with the reasons on stderr.
 */
process.exitCode = await publishCommand(process.argv.slice(2), process.env, process.cwd(), {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
