import { Link } from 'react-router-dom';
import { frameConfig } from '../config/frame-config';
import styles from './announcement-bar.module.css';

export function AnnouncementBar() {
  const { text, linkLabel, href } = frameConfig.announcement;
  return (
    <div className={styles.bar}>
      <p>
        {text} <Link to={href}>{linkLabel}</Link>
      </p>
    </div>
  );
}
