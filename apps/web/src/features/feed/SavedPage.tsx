import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { Feed } from './Feed';

const SAVED = { kind: 'saved' } as const;

/**
 * `/saved` (docs/product/differences.md#saved-josies): the josies the user saved with a card's save icon,
 * newest save first, in the same feed (layouts, themes, Load More) as the home page.
 */
export default function SavedPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('feed.saved.title')} lead={t('feed.saved.lead')} width="wide">
      <Feed
        source={SAVED}
        empty={{
          title: t('feed.saved.empty'),
          description: t('feed.saved.emptyHint'),
          action: (
            <Link to="/" className={buttonClasses('primary')}>
              {t('feed.saved.browse')}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
