// A remote's own source as its production build reads it: each message id written as a string (`t('cart.empty')`,
// `label: 'nav.face'`) becomes the short id its messages chunks use (tools/part-messages.ts), so neither the code nor
// the words carry the long ids to a phone (decision 036). Only whole string literals equal to an id are rewritten.
module.exports = function messageIds(source) {
  const { ids } = this.getOptions();
  return source.replace(/(['"`])([a-z][\w.-]*)\1/g, (literal, quote, text) => (Object.hasOwn(ids, text) ? `${quote}${ids[text]}${quote}` : literal));
};
