import { describe, expect, it } from 'vitest';
import { contactMessages, validateContact } from './contact';

const valid = { name: 'Nadia', email: 'nadia@exemple.ma', subject: 'Commande et livraison', message: 'Livrez-vous à Dakhla, et en combien de jours ?' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });
  it('explains each problem in French', () => {
    expect(validateContact({ name: '', email: 'nadia@', subject: '', message: 'Bonjour' })).toEqual({
      name: contactMessages.nameMissing,
      email: contactMessages.emailInvalid,
      subject: contactMessages.subjectMissing,
      message: contactMessages.messageShort,
    });
    expect(validateContact({ ...valid, email: ' ' }).email).toBe(contactMessages.emailMissing);
  });
});
