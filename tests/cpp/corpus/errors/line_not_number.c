#line x
