/** What submitting says: customer accounts are not open yet, so nobody is logged in and nothing is stored. */
export const LOGIN_NOT_OPEN =
  'Les comptes clients ne sont pas encore ouverts : la connexion n’est pas possible pour le moment, vous n’êtes pas connecté.';
export const REGISTRATION_NOT_OPEN =
  'Les comptes clients ne sont pas encore ouverts : aucun compte n’a été créé et vos informations n’ont pas été enregistrées.';
