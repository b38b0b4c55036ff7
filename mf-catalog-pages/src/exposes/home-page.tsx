import { HomePage } from '../home/home-page';
import { part } from '../messages/messages';
import { sharedWords } from '../messages/shared-words';
import { homeWords } from '../messages/home-words';

export default part(HomePage, [sharedWords, homeWords]);
