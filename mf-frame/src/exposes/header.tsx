export { Header as default } from '../header/header';
