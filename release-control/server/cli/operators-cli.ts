// `pnpm --filter @shop/release-control operators add <name> [--role <role> …]`: creates an operator of the console (or renews
// its password and API token). The password is read from the terminal without echo, or from the first line of stdin
// when it is not a terminal (scripts); never from the command line, where `ps` and shell history would show it.
// Without --role a new operator gets every role and a renewed one keeps theirs (decision 042); the output says which.
// `pnpm --filter @shop/release-control operators roles <name> --role <role> …`: gives an operator exactly these roles.
// `pnpm --filter @shop/release-control operators remove <name>`: removes an operator (their API token stops at once, their console
// sessions at their next request).
// `pnpm --filter @shop/release-control operators list`: each operator's name and roles.
import { OPERATOR_ROLES, rolesOf, type OperatorRole } from '@shop/contracts/operator-roles';
import { openAccountStore } from './account-store';
import { parseOperatorsArguments, USAGE } from './operators-arguments';
import { addOperator } from '../accounts/add-operator';
import { listOperators, removeOperator, setOperatorRoles } from '../accounts/operator-accounts';

const rolesText = (roles: readonly OperatorRole[]) => (roles.length === OPERATOR_ROLES.length ? `tous (${roles.join(', ')})` : roles.join(', '));

async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('interrompu'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

async function main(args: string[]): Promise<number> {
  const parsed = parseOperatorsArguments(args);
  if ('refused' in parsed) {
    console.error(`${parsed.refused}\n${USAGE}`);
    return 2;
  }
  // The operators live beside the remotes file the shell runs with, or in Redis.
  const { store, where, close } = openAccountStore();
  try {
    if (parsed.command === 'list') {
      for (const operator of await listOperators(store)) console.log(`${operator.name}\t${rolesOf(operator.roles).join(',')}`);
      return 0;
    }
    const { name } = parsed;
    if (parsed.command === 'roles') {
      const changed = await setOperatorRoles(store, name, parsed.roles);
      if (!changed) {
        console.error(`Aucun opérateur ne s’appelle « ${name} » (${where}) ; rien n’a changé.`);
        return 1;
      }
      // Who changed them, as the API's log line says: the command's user, since the command has no operator.
      console.error(`Rôles de ${name} (${where}, par ${process.env.USER ?? 'inconnu'}) : ${rolesText(changed.before)} → ${rolesText(changed.after)}.`);
      return 0;
    }
    if (parsed.command === 'remove') {
      if (!(await removeOperator(store, name))) {
        console.error(`Aucun opérateur ne s’appelle « ${name} » (${where}) ; rien n’a changé.`);
        return 1;
      }
      console.error(`Opérateur retiré : ${name} (${where}). Son jeton d’API ne vaut plus rien ; ses sessions de console prennent fin.`);
      return 0;
    }
    const password = await readPassword(`Mot de passe de ${name} : `);
    if (process.stdin.isTTY && (await readPassword('Une seconde fois : ')) !== password) {
      console.error('Les deux mots de passe diffèrent ; rien n’a changé.');
      return 1;
    }
    const { token, replaced, roles } = await addOperator(store, name, password, parsed.roles);
    console.error(`${replaced ? 'Opérateur renouvelé' : 'Opérateur créé'} : ${name} (${where}).`);
    const why = parsed.roles ? '' : replaced ? ' (inchangés : aucun --role donné)' : ' (aucun --role donné : tous les rôles par défaut)';
    console.error(`Rôles : ${rolesText(roles)}${why}.`);
    console.error('Jeton d’API (affiché une seule fois ; en-tête « Authorization: Bearer … ») :');
    console.log(token);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    close();
  }
}

process.exitCode = await main(process.argv.slice(2));
