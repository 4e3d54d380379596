import { bindingPointer } from '../../src/protocols/a2ui/index.js';
import type { JsonValue } from '../../src/protocols/a2ui/index.js';
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { accessibleDescription, accessibleLabel, oneOf, weightStyle, type A2uiNode, type A2uiRenderers, type SurfaceWalk } from './render-walk.js';
import { fromDateInput, toDateInput, type DateInputType } from './date-input.js';

/*
 * The basic catalog's interactive components (basic_catalog_implementation_guide.md §1): Button and the inputs with
 * two-way binding (TextField, CheckBox, ChoicePicker, Slider, DateTimeInput). An input writes the data model on every
 * change through its binding's pointer; the element it renders is the same element across renders (stable templates),
 * and Lit sets `.value` only when the model's value differs from what it last set, so typing, the caret and focus
 * survive. Checks show the first failing message once the user has touched the input (aria-invalid and
 * aria-describedby point at it); a Button is disabled while one of its checks fails.
 */

interface Touched {
  touched: boolean;
  filter?: string;
}

/** The label of an input: its own, else its accessibility label, else a generic one (every input has a name). */
const labelOf = (node: A2uiNode, r: SurfaceWalk, generic: string): string => r.string(node, node.component['label']) || accessibleLabel(node, r) || generic;

/** The first failing check, shown once the input was touched; its id for aria-describedby. */
function problem(node: A2uiNode, r: SurfaceWalk, state: Touched, extra: readonly unknown[] = []): { message: string; id: string } | null {
  const checks = [...(Array.isArray(node.component['checks']) ? (node.component['checks'] as unknown[]) : []), ...extra];
  if (!state.touched) return null;
  const message = r.failing(node, checks)[0];
  return message ? { message, id: r.host.domId(node.key, 'problem') } : null;
}

const problemText = (p: { message: string; id: string } | null): TemplateResult =>
  html`<p part="field-error" class="field-error" id=${p?.id ?? nothing} ?hidden=${!p}>${p?.message ?? ''}</p>`;

/** Writes `value` where the prop's binding points (literal props are not written: the element keeps what was typed). */
function writer(node: A2uiNode, r: SurfaceWalk, prop: string, state: Touched): (value: JsonValue) => void {
  const pointer = bindingPointer(node.component[prop] as JsonValue, node.scope);
  return (value) => {
    state.touched = true;
    if (pointer !== null) r.host.write(pointer, value);
    else void r.host.update();
  };
}

function button(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const failing = r.failing(node, node.component['checks']);
  const label = accessibleLabel(node, r);
  const description = failing[0] ?? (accessibleDescription(node, r) || '');
  const descriptionId = r.host.domId(node.key, 'why');
  return html`<button
      part="button"
      class="button"
      type="button"
      data-variant=${oneOf(node.component['variant'], ['default', 'primary', 'borderless'] as const, 'default')}
      ?disabled=${failing.length > 0}
      aria-label=${label || nothing}
      aria-describedby=${description ? descriptionId : nothing}
      .style=${weightStyle(node)}
      @click=${(event: Event) => r.host.activate(node, event.currentTarget as HTMLElement)}
    >${r.child(node, 'child')}</button
    ><span class="visually-hidden" id=${descriptionId}>${description}</span>`;
}


const TEXT_VARIANTS = ['shortText', 'longText', 'number', 'obscured'] as const;

function textField(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const state = r.host.local<Touched>(node.key, () => ({ touched: false }));
  const variant = oneOf(node.component['variant'], TEXT_VARIANTS, 'shortText');
  const value = r.string(node, node.component['value']);
  const pattern = node.component['validationRegexp'];
  const regexCheck =
    typeof pattern === 'string'
      ? [{ condition: { call: 'regex', args: { value: node.component['value'] ?? '', pattern } }, message: 'The value does not have the expected format.' }]
      : [];
  const p = problem(node, r, state, regexCheck);
  const id = r.host.domId(node.key, 'input');
  const write = writer(node, r, 'value', state);
  const onInput = (event: Event): void => {
    const input = event.currentTarget as HTMLInputElement | HTMLTextAreaElement;
    // A half-typed number ("1e") reads as "": keep the model as it was rather than clearing what is being typed.
    if (input instanceof HTMLInputElement && input.validity.badInput) return;
    write(input.value);
  };
  const label = labelOf(node, r, 'Text');
  // v1.0's placeholder: a hint inside the empty field, never the field's name (the label stays).
  const placeholder = r.string(node, node.component['placeholder']);
  return html`<div part="field" class="field" data-variant=${variant} .style=${weightStyle(node)}>
    <label for=${id}>${label}</label>
    ${variant === 'longText'
      ? html`<textarea part="input" id=${id} rows="3" .value=${value} placeholder=${placeholder || nothing} aria-invalid=${p ? 'true' : 'false'} aria-describedby=${p?.id ?? nothing} @input=${onInput}></textarea>`
      : html`<input
          part="input"
          id=${id}
          type=${variant === 'obscured' ? 'password' : variant === 'number' ? 'number' : 'text'}
          inputmode=${variant === 'number' ? 'decimal' : nothing}
          autocomplete=${variant === 'obscured' ? 'current-password' : 'off'}
          .value=${value}
          placeholder=${placeholder || nothing}
          aria-invalid=${p ? 'true' : 'false'}
          aria-describedby=${p?.id ?? nothing}
          @input=${onInput}
        />`}
    ${problemText(p)}
  </div>`;
}

function checkBox(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const state = r.host.local<Touched>(node.key, () => ({ touched: false }));
  const p = problem(node, r, state);
  const write = writer(node, r, 'value', state);
  return html`<div part="checkbox" class="checkbox" .style=${weightStyle(node)}>
    <label>
      <input
        type="checkbox"
        .checked=${r.boolean(node, node.component['value'])}
        aria-invalid=${p ? 'true' : 'false'}
        aria-describedby=${p?.id ?? nothing}
        @change=${(event: Event) => write((event.currentTarget as HTMLInputElement).checked)}
      />
      <span>${labelOf(node, r, 'Check')}</span>
    </label>
    ${problemText(p)}
  </div>`;
}

interface Option {
  readonly label: string;
  readonly value: string;
}

/** ChoicePicker: a group of radio buttons (mutuallyExclusive) or checkboxes (multipleSelection), as a list or chips. */
function choicePicker(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const state = r.host.local<Touched>(node.key, () => ({ touched: false, filter: '' }));
  const multiple = node.component['variant'] === 'multipleSelection';
  const style = oneOf(node.component['displayStyle'], ['checkbox', 'chips'] as const, 'checkbox');
  const options: Option[] = (Array.isArray(node.component['options']) ? (node.component['options'] as unknown[]) : []).flatMap((o) =>
    typeof o === 'object' && o !== null && typeof (o as Record<string, unknown>)['value'] === 'string'
      ? [{ label: r.string(node, (o as Record<string, unknown>)['label']) || String((o as Record<string, unknown>)['value']), value: (o as Record<string, string>)['value'] as string }]
      : [],
  );
  const selected = r.stringList(node, node.component['value']);
  const filter = (state.filter ?? '').toLowerCase();
  const shown = filter ? options.filter((o) => o.label.toLowerCase().includes(filter)) : options;
  const p = problem(node, r, state);
  const write = writer(node, r, 'value', state);
  const group = r.host.domId(node.key, 'group');
  const label = labelOf(node, r, 'Options');
  const toggle = (value: string, on: boolean): void => {
    const now = r.stringList(node, node.component['value']);
    write(multiple ? (on ? [...now.filter((v) => v !== value), value] : now.filter((v) => v !== value)) : on ? [value] : []);
  };
  const onFilter = (event: Event): void => {
    state.filter = (event.currentTarget as HTMLInputElement).value;
    void r.host.update();
  };
  return html`<fieldset part="choice-picker" class="choices" data-style=${style} aria-describedby=${p?.id ?? nothing} .style=${weightStyle(node)}>
    <legend>${label}</legend>
    ${node.component['filterable'] === true
      ? html`<input part="filter" class="filter" type="search" aria-label=${`Filter ${label}`} placeholder="Filter" .value=${state.filter ?? ''} @input=${onFilter} />`
      : nothing}
    <div class="options">
      ${repeat(
        shown,
        (o) => o.value,
        (o) => html`<label class="option">
          <input
            type=${multiple ? 'checkbox' : 'radio'}
            name=${group}
            .checked=${selected.includes(o.value)}
            @change=${(event: Event) => toggle(o.value, (event.currentTarget as HTMLInputElement).checked)}
          /><span>${o.label}</span>
        </label>`,
      )}
    </div>
    ${problemText(p)}
  </fieldset>`;
}

function slider(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const state = r.host.local<Touched>(node.key, () => ({ touched: false }));
  const min = typeof node.component['min'] === 'number' ? (node.component['min'] as number) : 0;
  const rawMax = node.component['max'];
  const max = typeof rawMax === 'number' && rawMax > min ? rawMax : min + 100;
  // A missing or non-numeric value reads as 0 (the coercion table): shown within the slider's range, as it sits.
  const value = Math.min(max, Math.max(min, r.number(node, node.component['value']) ?? min));
  const range = max - min;
  // v1.0's `steps`: the input moves over step indices (0 to steps, so both ends are exact), each written as its value.
  // (v1.0's schema makes it an integer of at least 1; no other catalog's Slider has it.)
  const steps = (node.component['steps'] as number | undefined) ?? 0;
  const at = (i: number): number => (i < steps ? +(min + (i * range) / steps).toPrecision(12) : max);
  const index = Math.round(((value - min) / range) * steps);
  const shown = steps ? at(index) : value;
  // Otherwise whole steps over a wide range, fine ones over a small one (the value is a number, not an integer).
  const step = range > 10 && Number.isInteger(min) && Number.isInteger(max) ? 1 : range / 100;
  const id = r.host.domId(node.key, 'input');
  const p = problem(node, r, state);
  const write = writer(node, r, 'value', state);
  return html`<div part="slider" class="field slider" .style=${weightStyle(node)}>
    <label for=${id}>${labelOf(node, r, 'Value')}</label>
    <div class="slider-row">
      <input
        part="input"
        id=${id}
        type="range"
        min=${steps ? 0 : min}
        max=${steps || max}
        step=${steps ? 1 : step}
        .value=${String(steps ? index : value)}
        aria-valuetext=${steps ? String(shown) : nothing}
        aria-invalid=${p ? 'true' : 'false'}
        aria-describedby=${p?.id ?? nothing}
        @input=${(event: Event) => {
          const moved = Number((event.currentTarget as HTMLInputElement).value);
          write(steps ? at(moved) : moved);
        }}
      />
      <output for=${id} class="slider-value">${shown}</output>
    </div>
    ${problemText(p)}
  </div>`;
}

function dateTimeInput(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const state = r.host.local<Touched>(node.key, () => ({ touched: false }));
  const date = node.component['enableDate'] === true;
  const time = node.component['enableTime'] === true;
  const type: DateInputType = date && !time ? 'date' : time && !date ? 'time' : 'datetime-local';
  const id = r.host.domId(node.key, 'input');
  const p = problem(node, r, state);
  const write = writer(node, r, 'value', state);
  const min = toDateInput(r.string(node, node.component['min']), type);
  const max = toDateInput(r.string(node, node.component['max']), type);
  const generic = type === 'date' ? 'Date' : type === 'time' ? 'Time' : 'Date and time';
  return html`<div part="field" class="field" data-variant="datetime" .style=${weightStyle(node)}>
    <label for=${id}>${labelOf(node, r, generic)}</label>
    <input
      part="input"
      id=${id}
      type=${type}
      min=${min || nothing}
      max=${max || nothing}
      .value=${toDateInput(r.string(node, node.component['value']), type)}
      aria-invalid=${p ? 'true' : 'false'}
      aria-describedby=${p?.id ?? nothing}
      @input=${(event: Event) => write(fromDateInput((event.currentTarget as HTMLInputElement).value, type))}
    />
    ${problemText(p)}
  </div>`;
}

export const INPUT_RENDERERS: A2uiRenderers = {
  Button: button,
  TextField: textField,
  CheckBox: checkBox,
  ChoicePicker: choicePicker,
  Slider: slider,
  DateTimeInput: dateTimeInput,
};
