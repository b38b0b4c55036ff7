import { Header } from '../header/header';
import { headerWords } from '../messages/header-words';
import { part } from '../messages/messages';

export default part(Header, [headerWords]);
