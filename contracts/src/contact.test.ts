import { describe, expect, it } from 'vitest';
import { contactMessages, contactMessagesIn, validateContact } from './contact';
import { restockAlertMessagesIn, checkRestockEmail } from './restock-alerts';

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

describe('the contact form and « Me prévenir » in Arabic', () => {
  it('find the same problems, each said in Arabic', () => {
    const arabic = contactMessagesIn['ar-MA'];
    expect(validateContact({ name: '', email: 'nadia@', subject: '', message: 'Bonjour' }, 'ar-MA')).toEqual({
      name: arabic.nameMissing,
      email: arabic.emailInvalid,
      subject: arabic.subjectMissing,
      message: arabic.messageShort,
    });
    expect(validateContact(valid, 'ar-MA')).toEqual({});
    expect(checkRestockEmail('', 'ar-MA')).toBe(restockAlertMessagesIn['ar-MA'].emailMissing);
    // One sentence for an invalid address, whichever form says it.
    expect(checkRestockEmail('nadia@', 'ar-MA')).toBe(arabic.emailInvalid);
    expect(checkRestockEmail('nadia@exemple.ma', 'ar-MA')).toBeUndefined();
    expect(restockAlertMessagesIn['ar-MA'].saved('الغاسول')).toContain('« الغاسول »');
  });

  it('have every French text in Arabic script, French staying the default', () => {
    expect(contactMessagesIn['fr-MA']).toBe(contactMessages);
    expect(checkRestockEmail('nadia@')).toBe(contactMessages.emailInvalid);
    for (const messages of [contactMessagesIn, restockAlertMessagesIn]) {
      expect(Object.keys(messages['ar-MA']).sort()).toEqual(Object.keys(messages['fr-MA']).sort());
      for (const text of Object.values(messages['ar-MA'])) {
        expect(typeof text === 'function' ? text('x') : text).toMatch(/\p{Script=Arabic}/u);
      }
    }
  });
});
