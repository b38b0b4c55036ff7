// A remote's messages for one language (`src/messages/<locale>.json`, ICU MessageFormat) compiled at build time into
// Lingui's compiled form, so no browser downloads a message parser (decision 036). A message that does not parse fails
// the build, naming its key.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Rspack runs loaders as CommonJS modules
const { compileMessage } = require('@lingui/message-utils/compileMessage');

// With the `ids` option (a production build), each message is keyed by its short id (message-ids-loader.cjs).
module.exports = function compileMessages(source) {
  const { ids = {} } = this.getOptions() ?? {};
  const messages = JSON.parse(source);
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    throw new Error(`${this.resourcePath}: a messages file is one object of key → ICU message`);
  }
  const compiled = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string' || message.trim() === '') throw new Error(`${this.resourcePath}: "${key}" is not a message`);
    try {
      compiled[Object.hasOwn(ids, key) ? ids[key] : key] = compileMessage(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: "${key}" is not a valid ICU message: ${error.message}`, { cause: error });
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
