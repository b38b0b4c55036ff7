// `pnpm --filter @shop/release-control teams add <name> <remote>`: creates a team token scoped to one remote (decision
// 030) and prints it once. With it the team's CI lists the remote's releases, runs the shop's checks and opens previews
// of that remote; nothing else.
// `pnpm --filter @shop/release-control teams remove <name>`: the token stops at once.
// `pnpm --filter @shop/release-control teams list`: each team and its remote.
import { isRemoteName, REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import { openAccountStore } from './account-store';
import { addTeam, listTeams, removeTeam, TeamTokenError } from '../teams/team-tokens';

const USAGE = `usage: teams add <name> <remote> | teams remove <name> | teams list   (remote: ${REMOTE_NAMES.join(', ')})`;

async function main(args: string[]): Promise<number> {
  const [command, name, remote, ...rest] = args;
  const valid =
    (command === 'add' && name && remote && rest.length === 0) || (command === 'remove' && name && !remote) || (command === 'list' && !name);
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'add' && !isRemoteName(remote)) {
    console.error(`Remote inconnu : « ${remote} ». ${USAGE}`);
    return 2;
  }
  const { store, where, close } = openAccountStore();
  try {
    if (command === 'list') {
      for (const team of await listTeams(store)) console.log(`${team.name}\t${team.remote}\t${team.createdBy}\t${team.createdAt}`);
      return 0;
    }
    if (command === 'remove') {
      if (!(await removeTeam(store, name!))) {
        console.error(`Aucun jeton d’équipe ne s’appelle « ${name} » (${where}) ; rien n’a changé.`);
        return 1;
      }
      console.error(`Jeton d’équipe retiré : ${name} (${where}). Il ne vaut plus rien.`);
      return 0;
    }
    const created = await addTeam(store, name!, remote as RemoteName, `commande (${process.env.USER ?? 'inconnu'})`);
    console.error(`Jeton d’équipe créé : ${name}, pour ${remote} (${where}).`);
    console.error('Jeton (affiché une seule fois ; variable SHOP_TEAM_TOKEN de la CI de l’équipe) :');
    console.log(created.token);
    return 0;
  } catch (error) {
    if (error instanceof TeamTokenError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    close();
  }
}

process.exitCode = await main(process.argv.slice(2));
