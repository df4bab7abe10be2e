// The public entry of the comments feature (docs/decisions/0016-composition-root-and-module-boundaries.md):
// the josie page loads `CommentsSection` lazily (`import('../comments/CommentsSection')`), the editor
// takes the policy field from here.
export { CommentPolicyField } from './CommentPolicyField';
