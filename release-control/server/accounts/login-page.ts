import { escapeHtml } from '@shop/server-kit/escape-html';

/*
 * The console's login page: plain HTML written by the server (it works without JavaScript, and nothing of the console
 * is sent before a login). French, labelled fields, the refusal in an alert. Everything but the refusal and the typed
 * name is written once, at start: a flood of refused logins is answered by joining a few strings.
 */

const HEAD = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Connexion · Console des opérations · Maison Argane</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #2b2024; background: #f7f1ee; margin: 0; }
  main { max-width: 24rem; margin: 10vh auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin: 0 0 1.5rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem; margin-top: 0.25rem; border: 1px solid #6b5a60; border-radius: 4px; font: inherit; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.7rem; border: 0; border-radius: 4px; background: #8a4b5c; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  .error { color: #8f1d1d; background: #fdecec; padding: 0.75rem; border-radius: 4px; }
</style>
</head>
<body>
<main>
<h1>Console des opérations</h1>
`;

/** The form up to the typed name, and after it; with a refusal, both fields point at it for screen readers. */
function formAround(described: string): [string, string] {
  return [
    `<form method="post" action="/operations/login">
  <label for="name">Nom d’opérateur</label>
  <input id="name" name="name" autocomplete="username" required maxlength="32" value="`,
    `"${described}>
  <label for="password">Mot de passe</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${described}>
  <button type="submit">Se connecter</button>
</form>
</main>
</body>
</html>`,
  ];
}

const PLAIN_FORM = formAround('');
const FORM_WITH_ERROR = formAround(' aria-describedby="login-error"');
const EMPTY_PAGE = `${HEAD}\n${PLAIN_FORM[0]}${PLAIN_FORM[1]}`;

export function loginPage(options: { error?: string; name?: string } = {}): string {
  if (!options.error && !options.name) return EMPTY_PAGE;
  const name = options.name ? escapeHtml(options.name) : '';
  if (!options.error) return `${HEAD}\n${PLAIN_FORM[0]}${name}${PLAIN_FORM[1]}`;
  return `${HEAD}<p class="error" role="alert" id="login-error">${escapeHtml(options.error)}</p>\n${FORM_WITH_ERROR[0]}${name}${FORM_WITH_ERROR[1]}`;
}
