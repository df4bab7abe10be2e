import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { Avatar } from './Avatar';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorBox } from './ErrorBox';
import { Field } from './Field';
import { Input, Textarea } from './Input';
import { Spinner } from './Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

describe('ui primitives', () => {
  it('Field wires label, hint and error to its control', () => {
    render(
      <Field label="Email" hint="We never share it" error="Enter a valid email address">
        {(p) => <Input {...p} type="email" />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Enter a valid email address');
  });

  it.each([
    ['en', 'ltr'],
    ['he', 'rtl'],
  ] as const)(
    'an empty Input or Textarea takes the page direction, typed text its own (%s)',
    async (language, page) => {
      await i18n.changeLanguage(language);
      const user = userEvent.setup();
      function Controlled() {
        const [text, setText] = useState('');
        return <Textarea aria-label="Text" value={text} onChange={(event) => setText(event.target.value)} />;
      }
      render(
        <>
          <Input aria-label="Title" placeholder="על מה המוזיקה הזו?" />
          <Controlled />
          <Input aria-label="Link" dir="ltr" />
        </>,
      );
      const title = screen.getByLabelText('Title');
      const text = screen.getByLabelText('Text');
      // `auto` on an empty field is laid out left to right: a Hebrew placeholder ending in "?" shows the mark
      // in front, and the field aligns left.
      expect(title).toHaveAttribute('dir', page);
      expect(text).toHaveAttribute('dir', page);
      await user.type(title, 'Night drive');
      await user.type(text, 'לילה');
      expect(title).toHaveAttribute('dir', 'auto');
      expect(text).toHaveAttribute('dir', 'auto');
      await user.clear(title);
      await user.clear(text);
      expect(title).toHaveAttribute('dir', page);
      expect(text).toHaveAttribute('dir', page);
      expect(screen.getByLabelText('Link')).toHaveAttribute('dir', 'ltr');
    },
  );

  it('directs an uncontrolled field filled without typing (a form reset) by what it holds', async () => {
    await i18n.changeLanguage('he');
    function Form() {
      const { register, reset } = useForm({ defaultValues: { name: '' } });
      return (
        <>
          <Input aria-label="Name" {...register('name')} />
          <button type="button" onClick={() => reset({ name: 'Enticing title' })}>
            Fill
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('dir', 'rtl');
    await user.click(screen.getByRole('button', { name: 'Fill' }));
    await waitFor(() => expect(name).toHaveAttribute('dir', 'auto'));
    expect(name).toHaveValue('Enticing title');
  });

  it('Avatar shows the image, or the default avatar when there is none or it fails', () => {
    const { rerender } = render(<Avatar src="/media/a.webp" name="Noa" />);
    expect(screen.getByRole('img', { name: 'Noa' })).toHaveAttribute('src', '/media/a.webp');
    rerender(<Avatar src={null} name="Noa" />);
    expect(screen.getByRole('img', { name: 'Noa' })).toHaveTextContent('N');
    rerender(<Avatar src={null} />);
    expect(screen.getByRole('img', { name: 'Default avatar' })).toBeInTheDocument();
  });

  it('Spinner and ErrorBox are announced', async () => {
    const retry = vi.fn();
    render(
      <>
        <Spinner />
        <ErrorBox message="Could not load feed" onRetry={retry} />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorCould not load feed');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('ConfirmDialog confirms or cancels', async () => {
    const onConfirm = vi.fn();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete this josie?"
          description="This cannot be undone."
          confirmLabel="Delete"
          destructive
          onConfirm={onConfirm}
        />
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this josie?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Tabs switch panels', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="profile">
        <TabsList aria-label="Account">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">Profile panel</TabsContent>
        <TabsContent value="security">Security panel</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Profile panel');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Security panel');
  });
});
