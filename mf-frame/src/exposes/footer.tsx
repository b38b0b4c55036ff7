import { Footer } from '../footer/footer';
import { frameWords, part } from '../messages/messages';

export default part(Footer, [frameWords]);
