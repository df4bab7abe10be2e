import { VerifyEmailPage } from './EmailLinkPages';

/** The lazily loaded route of {@link VerifyEmailPage}. */
export default VerifyEmailPage;
