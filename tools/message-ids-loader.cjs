// A remote's own source as its production build reads it: each message id written as a string (`t('cart.empty')`,
// `label: 'nav.face'`) becomes the short id its messages chunks use (tools/part-messages.ts), so neither the code nor
// the words carry the long ids to a phone (decision 037). Only whole string literals equal to an id are rewritten, by
// the rule part-messages.ts holds (`literal`: its MESSAGE_ID_LITERAL's source).
module.exports = function messageIds(source) {
  const { ids, literal } = this.getOptions();
  return source.replace(new RegExp(literal, 'g'), (written, quote, text) => (Object.hasOwn(ids, text) ? `${quote}${ids[text]}${quote}` : written));
};
