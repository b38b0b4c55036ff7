import { Footer } from '../footer/footer';
import { part } from '../messages/messages';

export default part(Footer);
