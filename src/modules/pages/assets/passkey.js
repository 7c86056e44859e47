/* global navigator, window, atob, PublicKeyCredential, AbortController */
// The hosted pages' passkeys: the sign-in button and the account page's "add a passkey".
// WebAuthn's options come as JSON (base64url for bytes) and the answers go back the same way.
const fromB64u = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), (c) => c.charCodeAt(0))
const toB64u = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

async function post(url, fields) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), credentials: 'same-origin' })
  if (!res.ok) throw new Error(`answered ${res.status}`)
  return res.json()
}

function say(box, text, kind) {
  let p = box.querySelector('.notice')
  if (!p) {
    p = document.createElement('p')
    p.setAttribute('role', kind === 'error' ? 'alert' : 'status')
    box.prepend(p)
  }
  p.className = `notice ${kind}`
  p.textContent = text
}

const descriptors = (list) => (list ?? []).map((c) => ({ ...c, id: fromB64u(c.id) }))

function creationOptions(o) {
  return { ...o, challenge: fromB64u(o.challenge), user: { ...o.user, id: fromB64u(o.user.id) }, excludeCredentials: descriptors(o.excludeCredentials) }
}

function requestOptions(o) {
  return { ...o, challenge: fromB64u(o.challenge), allowCredentials: descriptors(o.allowCredentials) }
}

function attestationJSON(c) {
  const r = c.response
  return {
    id: c.id,
    rawId: toB64u(c.rawId),
    type: c.type,
    clientExtensionResults: {},
    response: { clientDataJSON: toB64u(r.clientDataJSON), attestationObject: toB64u(r.attestationObject), transports: r.getTransports ? r.getTransports() : [] },
  }
}

function assertionJSON(c) {
  const r = c.response
  const response = { clientDataJSON: toB64u(r.clientDataJSON), authenticatorData: toB64u(r.authenticatorData), signature: toB64u(r.signature) }
  if (r.userHandle) response.userHandle = toB64u(r.userHandle)
  return { id: c.id, rawId: toB64u(c.rawId), type: c.type, clientExtensionResults: {}, response }
}

const signIn = document.getElementById('passkey-signin')
if (signIn && window.PublicKeyCredential) {
  const d = signIn.dataset
  const fields = { _csrf: d.csrf, request: d.request }
  // one WebAuthn request at a time: the button ends the autofill's before asking
  let autofill = null
  const finish = async (credential) => {
    const done = await post(d.finish, { ...fields, response: JSON.stringify(assertionJSON(credential)) })
    location.assign(done.redirect)
  }
  signIn.hidden = false
  signIn.querySelector('button').addEventListener('click', async () => {
    autofill?.abort()
    try {
      const options = await post(d.options, fields)
      await finish(await navigator.credentials.get({ publicKey: requestOptions(options) }))
    } catch {
      say(signIn, d.failed, 'error')
    }
  })
  // the browser's autofill (conditional mediation): the email field offers the person's passkeys
  const conditional = async () => {
    if (!(await PublicKeyCredential.isConditionalMediationAvailable?.())) return
    autofill = new AbortController()
    const options = await post(d.options, fields)
    let credential
    try {
      credential = await navigator.credentials.get({ publicKey: requestOptions(options), mediation: 'conditional', signal: autofill.signal })
    } catch {
      return // ended by the button, or nothing picked
    }
    try {
      await finish(credential)
    } catch {
      say(signIn, d.failed, 'error')
    }
  }
  conditional().catch(() => {})
}

const add = document.getElementById('passkey-add')
if (add && window.PublicKeyCredential) {
  const d = add.dataset
  add.hidden = false
  if (sessionStorage.getItem('passkey-added')) {
    sessionStorage.removeItem('passkey-added')
    say(add, d.added, 'ok')
  }
  add.querySelector('button').addEventListener('click', async () => {
    try {
      const options = await post(d.options, { _csrf: d.csrf })
      const credential = await navigator.credentials.create({ publicKey: creationOptions(options) })
      await post(d.finish, { _csrf: d.csrf, response: JSON.stringify(attestationJSON(credential)) })
      // on to the app (the suggestion after a sign-in), or this page again, listing the new passkey
      if (d.then) return location.assign(d.then)
      sessionStorage.setItem('passkey-added', '1')
      location.reload()
    } catch {
      say(add, d.failed, 'error')
    }
  })
}
