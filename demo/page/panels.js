// The demo's business panels for agent-ui@1 envelopes (001_996c0b4640eee42b.txt, "Initial mappings":
// view_history -> HistoryPanel, view_scada -> ScadaPanel). A page registers each with a tag name and a props schema;
// envelopes naming them render as these elements with the props the schema accepted, never anything else.
// Plain custom elements: they set text only, so no envelope can inject markup.

class DemoPanel extends HTMLElement {
  #props = {};
  set props(value) {
    this.#props = value ?? {};
    this.render();
  }
  get props() {
    return this.#props;
  }
  connectedCallback() {
    this.render();
  }
  /** Rows of [label, value], as text. */
  rows() {
    return [];
  }
  render() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const style = new CSSStyleSheet();
    style.replaceSync(`
      :host { display: block; border: 1px solid light-dark(#cfcbd6, #4a4650); border-radius: 8px; padding: 8px 12px; }
      h3 { margin: 0 0 6px; font-size: 1rem; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
      dt { color: light-dark(#55515c, #b9b4bf); }
      dd { margin: 0; }`);
    root.adoptedStyleSheets = [style];
    const title = document.createElement('h3');
    title.textContent = this.title;
    const list = document.createElement('dl');
    for (const [label, value] of this.rows()) {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      list.append(dt, dd);
    }
    root.replaceChildren(title, list);
  }
}

class DemoHistoryPanel extends DemoPanel {
  get title() {
    return 'Monitoring history';
  }
  rows() {
    const format = (iso) => new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
    return this.props.start_time ? [['From', `${format(this.props.start_time)} UTC`], ['To', `${format(this.props.end_time)} UTC`]] : [];
  }
}

class DemoScadaPanel extends DemoPanel {
  get title() {
    return `SCADA station ${this.props.station_id ?? ''}`;
  }
  rows() {
    const readings = { pressure: '302 kPa', flow: '41.7 m³/h', level: '3.2 m', temperature: '14.1 °C', quality: 'good' };
    return (this.props.metrics ?? Object.keys(readings)).map((metric) => [metric, readings[metric] ?? '—']);
  }
}

customElements.define('demo-history-panel', DemoHistoryPanel);
customElements.define('demo-scada-panel', DemoScadaPanel);

// The schemas come with the agent-ui runtime, loaded on demand beside the IIFE (once `MantisUI` holds its API).
MantisUI.ready.then((ui) => ui.loadAgentUi()).then(({ HistoryPanelProps, ScadaPanelProps }) => {
  MantisUI.registerEnvelopeComponent({ name: 'HistoryPanel', tagName: 'demo-history-panel', props: HistoryPanelProps });
  MantisUI.registerEnvelopeComponent({ name: 'ScadaPanel', tagName: 'demo-scada-panel', props: ScadaPanelProps });
});
