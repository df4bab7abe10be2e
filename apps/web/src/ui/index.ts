export { Avatar, type AvatarProps } from './Avatar';
export { Badge, type BadgeTone } from './Badge';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClasses,
  focusRing,
} from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export {
  type ConflictChoice,
  ConflictDialog,
  type ConflictDialogProps,
  type ConflictTexts,
} from './ConflictDialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorBox, type ErrorBoxProps } from './ErrorBox';
export { FeedButton, type FeedButtonProps } from './FeedButton';
export { Field, type FieldControlProps, type FieldProps } from './Field';
export { FormError } from './FormError';
export { IconButton, type IconButtonProps } from './IconButton';
export { Input, Textarea } from './Input';
export { Page, type PageProps } from './Page';
export {
  LoadError,
  type LoadErrorProps,
  QueryState,
  type QueryStateProps,
  type QueryStateQuery,
} from './QueryState';
export { Loading, type LoadingProps, PageSpinner, Spinner, type SpinnerProps } from './Spinner';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
