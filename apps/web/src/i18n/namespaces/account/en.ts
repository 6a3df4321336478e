// Texts of the sign-in, registration and password pages (English defines the keys): kept out of the
// public home's initial JavaScript, loaded when one of those pages opens.
const en = {
  auth: {
    brand_title: "Your club on screen",
    brand_text: "Manage cameras, schedule matches and share the best moments with your club.",
    email: "E-mail address",
    password: "Password",
    password_confirmation: "Repeat password",
    first_name: "First name",
    last_name: "Last name",
    password_hint: "At least 8 characters.",
    failed: "That didn't work. Please try again.",
    login: {
      title: "Sign in",
      subtitle: "Welcome back. Sign in to your club's dashboard.",
      submit: "Sign in",
      submitting: "Signing in…",
      forgot: "Forgot your password?",
      no_account: "No account yet?",
      register: "Create an account",
    },
    register: {
      title: "Create an account",
      subtitle: "Join your club on Clubcast.",
      submit: "Create account",
      submitting: "Creating your account…",
      have_account: "Already have an account?",
      login: "Sign in",
    },
    forgot: {
      title: "Forgot your password?",
      subtitle: "Enter your e-mail address and we'll send you a link to choose a new password.",
      submit: "Send reset link",
      submitting: "Sending…",
      back: "Back to sign in",
    },
    reset: {
      title: "Choose a new password",
      subtitle: "Pick a password you don't use anywhere else.",
      submit: "Save password",
      submitting: "Saving…",
      missing_token: "This reset link is incomplete. Request a new one.",
      request_new: "Request a new link",
    },
  },
};

export default en;
