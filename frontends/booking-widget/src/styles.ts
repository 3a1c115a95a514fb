// Everything the widget looks like, inside its shadow root: the salon's CSS cannot reach in, ours
// cannot leak out. :host resets what the host element would inherit from the page; .pw-root sets
// colour and font again, since a page rule such as `* { color: red }` matches the host itself.
export const WIDGET_CSS = `
:host{all:initial;display:block;contain:layout style}
:host([mode=floating]){display:contents}
[hidden]{display:none!important}
.pw-root,.pw-root *{box-sizing:border-box;letter-spacing:normal;text-transform:none}
.pw-root{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2430;text-align:left}
.pw-app{background:#fff;border:1px solid #d9dce3;border-radius:12px;padding:20px;max-width:560px}
h2{font-size:1.3em;font-weight:650;margin:0 0 12px}
h3{font-size:1em;font-weight:600;margin:12px 0 6px}
p{margin:0 0 12px}
button,input,select,textarea{font:inherit;color:inherit;margin:0}
:focus-visible{outline:3px solid #2463eb;outline-offset:2px}
h2:focus{outline:none}
h2:focus-visible{outline:3px solid #2463eb}
fieldset{border:0;padding:0;margin:0 0 12px;min-width:0}
legend{font-weight:600;margin-bottom:6px;padding:0}
.pw-field{margin:0 0 12px;display:flex;flex-direction:column;gap:4px}
.pw-field label{font-weight:600}
input[type=text],input[type=tel],input[type=email],select,textarea{width:100%;padding:8px 10px;border:1px solid #9aa1ad;border-radius:8px;background:#fff}
[aria-invalid=true]{border-color:#b42318!important}
.pw-field-error{color:#b42318;margin:0;font-size:.9em}
.pw-choice{display:flex;gap:10px;align-items:flex-start;padding:8px 0;cursor:pointer}
.pw-choice input{width:18px;height:18px;margin-top:3px;flex:none}
.pw-actions{display:flex;flex-wrap:wrap;gap:10px;justify-content:space-between;margin-top:16px}
.pw-actions>:only-child{margin-left:auto}
button{cursor:pointer;border-radius:8px;padding:9px 16px;border:1px solid transparent;background:none}
button[disabled]{cursor:not-allowed;opacity:.55}
.pw-primary{background:#2463eb;color:#fff;font-weight:600}
.pw-primary:hover:not([disabled]){background:#1d4fc4}
.pw-secondary{border-color:#9aa1ad;background:#fff}
.pw-link{padding:4px 0;color:#1d4fc4;text-decoration:underline}
.pw-muted{color:#5b6270}
.pw-progress{font-size:.85em;margin-bottom:2px}
.pw-alert{background:#fdecea;color:#8a1c12;border-radius:8px;padding:10px 12px;margin-bottom:12px}
.pw-alert:empty{display:none}
.pw-status{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.pw-sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pw-week-nav{display:grid;grid-template-columns:auto auto;justify-content:space-between;align-items:center;gap:8px}
.pw-week-range{grid-column:1/-1;order:-1;margin:0;font-weight:600;text-align:center}
.pw-days{max-height:50vh;overflow:auto;margin-top:8px}
.pw-times{list-style:none;display:flex;flex-wrap:wrap;gap:6px;padding:0;margin:0 0 8px}
.pw-time{border-color:#2463eb;color:#1d4fc4;background:#fff;padding:6px 12px}
.pw-time:hover{background:#eef3fe}
.pw-summary{background:#eef3fe;border-radius:8px;padding:10px 12px}
.pw-securing progress{width:100%}
.pw-done{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 12px}
.pw-done dt{font-weight:600}
.pw-done dd{margin:0}
.pw-open{background:#2463eb;color:#fff;font-weight:600;padding:12px 20px;border-radius:999px;box-shadow:0 4px 14px rgba(0,0,0,.2)}
.pw-floating{position:fixed;right:20px;bottom:20px;z-index:2147483000}
.pw-backdrop{position:fixed;inset:0;z-index:2147483001;background:rgba(17,20,28,.55);display:flex;align-items:center;justify-content:center;padding:16px}
.pw-dialog{position:relative;max-height:calc(100vh - 32px);overflow:auto;width:100%;max-width:560px;border-radius:12px}
.pw-dialog .pw-app{border:0;max-width:none;padding-top:44px}
.pw-close{position:absolute;top:8px;right:8px;z-index:1;padding:4px 10px;font-size:1.4em;line-height:1}
`;
