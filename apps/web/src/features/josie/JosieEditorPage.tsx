import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ensureToaster } from '../../ui/toast';
import { EditJosie } from './editor/EditJosie';
import { JosieEditor } from './editor/JosieEditor';

/**
 * `/josie/new` and `/josie/edit/:id` (docs/product/routes-and-roles.md#authoring): the create form, or the
 * edit form once the josie has loaded.
 */
export default function JosieEditorPage() {
  const { id } = useParams();
  // The media dialogs raise their toasts through sonner directly: the toast area must be there for them.
  useEffect(ensureToaster, []);
  return id ? <EditJosie key={id} id={id} /> : <JosieEditor />;
}
