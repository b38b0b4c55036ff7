// `shop-release-check --remote <name> --shop <url> [--release <version|manifest URL>] [--browser] [--keep-preview]
// [--only <path>]…` (--only: just those pages, for a quick look while fixing one),
// with the team's token in SHOP_TEAM_TOKEN (never on the command line, where `ps` and CI logs would show it). Each
// remote's `pnpm release:check` runs it for its own remote. Exit 0: the release passes; 1: it does not (each reason on
// its own line, on stderr); 2: the command was misused.
import { parseArgs } from 'node:util';
import { isRemoteName } from '@shop/contracts/remotes';
import { releaseCheck } from './release-check';

const USAGE =
  'usage : SHOP_TEAM_TOKEN=… shop-release-check --remote <mf_frame|mf_cart|mf_catalog_pages> --shop <url> [--release <version ou manifeste>] [--browser] [--keep-preview] [--only <chemin>]…';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        remote: { type: 'string' },
        shop: { type: 'string', default: process.env['SHOP_URL'] },
        release: { type: 'string', default: process.env['RELEASE_VERSION'] },
        browser: { type: 'boolean', default: false },
        'keep-preview': { type: 'boolean', default: false },
        only: { type: 'string', multiple: true, default: [] },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const token = process.env['SHOP_TEAM_TOKEN'];
  const problems = [
    ...(isRemoteName(values.remote) ? [] : ['--remote doit nommer un remote de la boutique.']),
    ...(values.shop && URL.canParse(values.shop) ? [] : ['--shop (ou SHOP_URL) doit être l’adresse de la boutique.']),
    ...(values.release ? [] : ['--release (ou RELEASE_VERSION) doit nommer la version à vérifier.']),
    ...(token ? [] : ['SHOP_TEAM_TOKEN doit contenir le jeton de l’équipe.']),
  ];
  if (problems.length > 0) {
    console.error([...problems, USAGE].join('\n'));
    return 2;
  }
  const remote = values.remote as Parameters<typeof releaseCheck>[0]['remote'];
  const failures = await releaseCheck({
    shop: new URL(values.shop!).origin,
    token: token!,
    remote,
    release: values.release!,
    browser: values.browser,
    keepPreview: values['keep-preview'],
    only: values.only ?? [],
    say: (line) => console.log(line),
  });
  for (const failure of failures) console.error(`ÉCHEC ${failure}`);
  console.log(failures.length === 0 ? `${remote} ${values.release} : vérification réussie.` : `${remote} ${values.release} : vérification échouée (${failures.length}).`);
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();
