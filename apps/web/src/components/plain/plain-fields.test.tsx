import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainPasswordField, PlainSelectField, PlainTextField, type PlainTextFieldProps } from './plain-fields';
import styles from './plain.module.css';

const noop = () => undefined;

/** The first element `tag` in `html`, as its opening tag. */
const openingTag = (html: string, tag: string) => new RegExp(`<${tag}(\\s[^>]*)?>`).exec(html)?.[0] ?? '';
/** An attribute of an opening tag (HTML names ignore case), or undefined. */
const attribute = (tagText: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tagText)?.[1];
/** The classes of the field's outer element. */
const rootClasses = (html: string) => (attribute(openingTag(html, 'div'), 'class') ?? '').split(' ');

function drawText(props: Partial<PlainTextFieldProps> = {}): string {
  return renderToStaticMarkup(<PlainTextField label="Full name" name="fullName" value="" onChange={noop} {...props} />);
}

describe('the plain text field', () => {
  it('names the input by its label and describes it by its hint', () => {
    const html = drawText({ helperText: '10 digits, starting with 0' });
    const input = openingTag(html, 'input');
    const id = attribute(input, 'id');
    expect(id).toBeTruthy();
    expect(attribute(openingTag(html, 'label'), 'for')).toBe(id);
    expect(html).toMatch(/<label[^>]*>Full name<\/label>/);
    const hintId = attribute(input, 'aria-describedby');
    expect(html).toContain(`<p id="${hintId}" class="${styles.fieldHelper}">10 digits, starting with 0</p>`);
    expect(attribute(input, 'aria-invalid')).toBe('false');
  });

  it('keeps the label inside an empty field and lifts it once the field holds a value or is told to', () => {
    expect(styles.fieldShrunk).toBeTruthy();
    expect(rootClasses(drawText())).not.toContain(styles.fieldShrunk);
    expect(rootClasses(drawText({ value: 'Thandi' }))).toContain(styles.fieldShrunk);
    expect(rootClasses(drawText({ value: 0 }))).toContain(styles.fieldShrunk);
    expect(rootClasses(drawText({ keepsLabelUp: true }))).toContain(styles.fieldShrunk);
  });

  it('marks an error on the input and on the frame, and has no description without a hint', () => {
    const html = drawText({ error: true });
    expect(attribute(openingTag(html, 'input'), 'aria-invalid')).toBe('true');
    expect(attribute(openingTag(html, 'input'), 'aria-describedby')).toBeUndefined();
    expect(rootClasses(html)).toContain(styles.fieldError);
  });

  it("passes the input's own attributes through", () => {
    const input = openingTag(
      drawText({ type: 'tel', inputMode: 'numeric', maxLength: 10, autoComplete: 'tel-national' }),
      'input',
    );
    expect(attribute(input, 'type')).toBe('tel');
    expect(attribute(input, 'inputmode')).toBe('numeric');
    expect(attribute(input, 'maxlength')).toBe('10');
    expect(attribute(input, 'autocomplete')).toBe('tel-national');
  });
});

describe('the plain choice list', () => {
  const drawSelect = (value: string) =>
    renderToStaticMarkup(
      <PlainSelectField label="Identity type" name="identityType" value={value} onChange={noop} dimsEmptyChoice>
        <option value="">Select…</option>
        <option value="passport">Passport</option>
      </PlainSelectField>,
    );

  it('always has its label up, and greys the empty choice only', () => {
    const empty = drawSelect('');
    expect(rootClasses(empty)).toContain(styles.fieldShrunk);
    expect(attribute(openingTag(empty, 'select'), 'class')).toContain(styles.fieldSelectEmpty);
    expect(attribute(openingTag(drawSelect('passport'), 'select'), 'class')).not.toContain(styles.fieldSelectEmpty);
    expect(attribute(openingTag(empty, 'label'), 'for')).toBe(attribute(openingTag(empty, 'select'), 'id'));
  });
});

describe('the plain password field', () => {
  it('hides what is typed and offers, inside its frame, a button that shows it', () => {
    const html = renderToStaticMarkup(
      <PlainPasswordField label="Password" name="password" value="" onChange={noop} autoComplete="current-password" />,
    );
    const input = openingTag(html, 'input');
    expect(attribute(input, 'type')).toBe('password');
    expect(attribute(input, 'autocomplete')).toBe('current-password');
    const button = openingTag(html, 'button');
    // A button of its own, never the form's submit, named for what it does.
    expect(attribute(button, 'type')).toBe('button');
    expect(attribute(button, 'aria-label')).toBe('Show password');
    expect(html.indexOf('<button')).toBeGreaterThan(html.indexOf('<input'));
    expect(html.indexOf('<button')).toBeLessThan(html.indexOf('<fieldset'));
  });
});
