// A button that copies a value (an id) to the clipboard, named for what it copies, so a table can
// show the value short and still give it whole.
import { h } from './dom';
import { toast } from './toast';

export function copyButton(value: string, what: string): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'button small copy-button',
      'data-testid': 'copy-id',
      'aria-label': `Copy ${what} ${value}`,
      title: `Copy ${value}`,
      onclick: (event: Event) => {
        // The row around it does something else on a click.
        event.stopPropagation();
        void navigator.clipboard.writeText(value).then(
          () => toast(`Copied ${value}`, 'success'),
          // Refused (a permission, an insecure origin): the value is in the message, to copy by hand.
          () => toast(`The clipboard was refused; the ${what} is ${value}`, 'warning'),
        );
      },
    },
    'Copy',
  );
}
