import { Footer } from '../footer/footer';
import { footerWords } from '../messages/footer-words';
import { headerWords } from '../messages/header-words';
import { part } from '../messages/messages';
import { navigationWords } from '../messages/navigation-words';

export default part(Footer, [headerWords, navigationWords, footerWords]);
