import { DeleteAccountPage } from './EmailLinkPages';

/** The lazily loaded route of {@link DeleteAccountPage}. */
export default DeleteAccountPage;
