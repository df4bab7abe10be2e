import { ConfirmEmailPage } from './EmailLinkPages';

/** The lazily loaded route of {@link ConfirmEmailPage}. */
export default ConfirmEmailPage;
