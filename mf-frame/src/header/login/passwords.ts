export const PASSWORDS_DIFFER = 'Les deux mots de passe ne correspondent pas.';

/** The confirmation field's custom validity: empty when it matches (or is still empty: `required` speaks then). */
export function confirmationError(password: string, confirmation: string): string {
  return confirmation === '' || confirmation === password ? '' : PASSWORDS_DIFFER;
}
