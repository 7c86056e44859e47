// Dev only: starts a login with the dev client as a browser app would, PKCE made here.
const page = document.getElementById('dev-login')
const clientId = page.dataset.clientId
const redirectUri = `${location.origin}/dev/callback`

function random(bytes) {
  const data = crypto.getRandomValues(new Uint8Array(bytes))
  return btoa(String.fromCharCode(...data)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

async function start() {
  const verifier = random(32)
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  const state = random(16)
  const nonce = random(16)
  sessionStorage.setItem('trellis-dev-login', JSON.stringify({ verifier, state, nonce, clientId, redirectUri }))
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid email account',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  location.assign(`/auth/oauth2/authorize?${params}`)
}

start().catch((error) => {
  page.textContent = `Could not start the login: ${error.message}`
})
