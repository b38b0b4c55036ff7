import { Header } from '../header/header';
import { frameWords, part } from '../messages/messages';

export default part(Header, [frameWords]);
