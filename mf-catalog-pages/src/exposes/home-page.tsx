import { HomePage } from '../home/home-page';
import { part } from '../messages/messages';

export default part(HomePage);
