// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

afterEach(cleanup);

function Example() {
  return (
    <Dialog title="Review Sushi" description="Tell other shoppers how it went." trigger={<Button>Write a review</Button>}>
      <input aria-label="Comment" />
      <DialogClose>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger, labelled and described, with focus inside', async () => {
    render(<Example />);
    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Sushi' });
    expect(dialog.getAttribute('aria-describedby') && document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Tell other shoppers how it went.',
    );
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('closes on Escape and on its close buttons', async () => {
    render(<Example />);
    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives focus back to the control that opened it when it has no trigger of its own', async () => {
    function OpenedElsewhere() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Submit for review</Button>
          <Dialog open={open} onOpenChange={setOpen} role="alertdialog" title="Submit this deal?">
            <DialogClose>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
          </Dialog>
        </>
      );
    }
    render(<OpenedElsewhere />);
    const opener = screen.getByRole('button', { name: 'Submit for review' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit this deal?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('describes itself by its title when given no description', async () => {
    render(
      <Dialog open title="删除团购" role="alertdialog" closeLabel="关闭">
        <p>…</p>
      </Dialog>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: '删除团购' });
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('closes on Escape pressed inside it even when a toast raised after it sits above it among the layers', async () => {
    const toast = (
      <ToastPrimitive.Provider>
        <ToastPrimitive.Root open>
          <ToastPrimitive.Title>Please Login First</ToastPrimitive.Title>
        </ToastPrimitive.Root>
        <ToastPrimitive.Viewport />
      </ToastPrimitive.Provider>
    );
    const { rerender } = render(
      <>
        <Example />
        {null}
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Sushi' });
    rerender(
      <>
        <Example />
        {toast}
      </>,
    );
    await screen.findByText('Please Login First');
    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: 'Comment' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
