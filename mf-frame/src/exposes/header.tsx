import { Header } from '../header/header';
import { part } from '../messages/messages';

export default part(Header);
