/**
 * Whether the confirmation field must refuse (its custom validity, the message in the page's language): it differs
 * from the password. An empty confirmation is left to `required`.
 */
export function passwordsDiffer(password: string, confirmation: string): boolean {
  return confirmation !== '' && confirmation !== password;
}
